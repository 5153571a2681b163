#!/usr/bin/env bash
# npm run setup: Node 22 (scripts/ensure-node.sh), install, generate the Prisma client, migrate,
# seed demo data, build. A second run reuses the data in .data/pglite.
set -euo pipefail
cd "$(dirname "$0")/.."
d=$(bash scripts/ensure-node.sh)
if [ -n "$d" ]; then export PATH="$d:$PATH"; fi
npm install --no-audit --no-fund
npm run db:generate
npm run db:migrate
npm run db:seed
npm run build
