#!/usr/bin/env bash
# What the test suite needs beyond node_modules: Debian's Chromium headless shell, and Debian's nginx for
# e2e/proxy.spec.ts (it runs deploy/nginx/nginx.conf in front of the built app).
set -euo pipefail
# The browser tests run in Debian's Chromium headless shell (playwright.config.ts says why).
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium-headless-shell ]; then
  echo "Installing Chromium's headless shell from apt…"
  if [ "$(id -u)" = "0" ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
  fi
fi
if [ -z "${NGINX_PATH:-}" ] && ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  echo "Installing nginx from apt…"
  if [ "$(id -u)" = "0" ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null
  fi
fi
# PostgreSQL: scripts/test-all.sh runs the suite under scripts/db/test-postgres.ts, which uses the server at
# TEST_DATABASE_URL when one answers and otherwise starts one from the embedded-postgres package.
