#!/usr/bin/env bash
# The app as e2e tests see it: a fresh embedded database with demo data, then the built app.
#   bash scripts/e2e-server.sh            prepare the database (unless prepared ahead), then serve
#   bash scripts/e2e-server.sh --prepare  only prepare it, for the next serve (scripts/test-all.sh does
#                                         this beside the unit tests, so the browser tests start sooner)
set -euo pipefail
export PGLITE_DIR="${PGLITE_DIR:-.data/e2e-pglite}"
unset DATABASE_URL
# Written once the database is ready and consumed by the serve that uses it: every other serve seeds
# anew, and so does one more than 30 minutes later (the demo data's dates are relative to its seeding).
prepared="$PGLITE_DIR.prepared"
prepare() {
  rm -f "$prepared"
  # A copy of the migrated data dir (scripts/start-app.ts keeps one per set of migrations), then demo data.
  node --import tsx -e 'import("./scripts/start-app.ts").then((m) => m.migrateDatabase({ PGLITE_DIR: process.env.PGLITE_DIR, DATABASE_URL: "" }))'
  node --import tsx scripts/db/seed.ts
}
if [ "${1:-}" = "--prepare" ]; then
  prepare
  touch "$prepared"
  exit 0
fi
if [ -n "$(find "$prepared" -mmin -30 2>/dev/null)" ]; then rm -f "$prepared"; else prepare; fi
exec env NEXT_MANUAL_SIG_HANDLE=1 NEXT_TELEMETRY_DISABLED=1 HOST=127.0.0.1 PORT="${PORT:-3100}" node src/server/edge/server.mjs
