#!/usr/bin/env bash
# The app as e2e tests see it: a fresh embedded database with demo data, then the built app.
set -euo pipefail
export PGLITE_DIR="${PGLITE_DIR:-.data/e2e-pglite}"
unset DATABASE_URL
# A copy of the migrated data dir (scripts/start-app.ts keeps one per set of migrations), then demo data.
node --import tsx -e 'import("./scripts/start-app.ts").then((m) => m.migrateDatabase({ PGLITE_DIR: process.env.PGLITE_DIR, DATABASE_URL: "" }))'
node --import tsx scripts/db/seed.ts
exec env NEXT_MANUAL_SIG_HANDLE=1 NEXT_TELEMETRY_DISABLED=1 HOST=127.0.0.1 PORT="${PORT:-3100}" node scripts/server.mjs
