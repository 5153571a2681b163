/**
 * The layer rules of docs/architecture.md ("Layers" and "Guards"), measured on the import graph of src/:
 *
 * - src/server: each folder stands on a floor; a file may import its own folder or a lower floor,
 *   never a higher one (an upward arrow is how knots start: docs/decisions/0006-layers-and-ui-kit.md).
 * - src/server/services: one folder per domain, each on a floor of its own (SERVICE_DOMAIN_FLOORS); a
 *   domain imports its own files and the faces (`index.ts`) of lower domains; everything outside a
 *   domain imports only its face; no file lies loose at the services root; a domain keeps at most
 *   DOMAIN_FILE_LIMIT files outside its sub-folders (docs/decisions/0007-services-by-domain.md).
 * - src/components: a feature folder may import itself and `common/` only; `layout/` is the app
 *   shell that composes features, and nothing in components imports it.
 *
 * Usage: npx tsx scripts/tools/layers.ts [srcDir]  (prints each violation; exit 1 when there is one).
 * tests/unit/import-layers.test.ts runs the same functions on the real tree and on probes.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** Floors of src/server, lowest first. A folder not listed here is a violation of its own (name its floor). */
export const SERVER_FLOORS: Record<string, number> = {
  platform: 0, // db, env, logger, errors, drain, shutdown, etag: no business meaning
  gateways: 1, // payment and payout providers
  events: 1, // live events between instances
  security: 1, // rate limits, headers, CSRF
  auth: 2, // passwords, sessions, reset tokens
  ops: 2, // health, metrics, request logs
  mail: 3, // outbox, templates, delivery
  push: 3, // web push: subscriptions, the push outbox, VAPID keys, delivery
  services: 4, // every business rule and transaction
  cache: 5, // cached public reads over services
  jobs: 5, // the job queue and every job
  api: 6, // tRPC: routers, context, callers
  rest: 7, // the REST adapter over the tRPC caller
  edge: 8, // what answers before Next (npm start)
};

/**
 * Floors of the service domains (src/server/services/<domain>/), lowest first: the kernel that every
 * domain stands on, then each domain above the ones it uses. Two domains on one floor never import
 * each other. A folder not listed here is a violation of its own (name its floor).
 */
export const SERVICE_DOMAIN_FLOORS: Record<string, number> = {
  kernel: 0, // ledger, audit, notifications, paging, settings, user shape: no domain of its own
  "safer-play": 1, // spend limits, self-exclusion, the limit prompt, risk markers
  prizes: 1, // prize claims and delivery trail, complaints, winners gallery
  support: 1, // the support chat
  receipts: 1, // the operator's receipt keys and each entry's signed receipt (stands on the kernel's audit only)
  accounts: 2, // sign-up, login, recovery, account settings, two-factor, closure, staff roles
  tickets: 2, // picking, holds, taking and allocating ticket numbers
  wheel: 3, // the Fortune Wheel (its economics change under four eyes: accounts)
  draws: 3, // closing sales, the draw, its proof and record, cancellation, result fan-out
  money: 3, // top-ups, withdrawals, their state machines, review queue, reconciliation, invariants
  checkout: 4, // purchases, pricing, skill questions, free entries, instant wins
  proofs: 4, // proof of liabilities and solvency: reads every balance, prize and payout (the ledger, prizes, money) to publish what is owed
  retention: 5, // referral and cashback credit, auto-entry: incentives, each refused where safer-play says stop
  contests: 5, // contest reads and the admin's contest, bundle and promo-code changes
  admin: 6, // what spans domains: the dashboard's figures, exports, the outbox view
};
/** Files a domain may keep outside its sub-folders before it must split. */
export const DOMAIN_FILE_LIMIT = 15;

/** Component folders every feature may import. */
export const SHARED_COMPONENTS = ["common"];
/** The app shell: may import every feature; no component imports it. */
export const SHELL_COMPONENTS = ["layout"];

export type Edge = { from: string; to: string };

const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    // Plain JS modules too (.mjs): npm start's server (src/server/edge/server.mjs) and what it shares.
    else if (/\.(tsx?|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

/** The file an import specifier names (`@/` or relative), or null for a package. */
export function resolveImport(srcDir: string, from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = path.join(srcDir, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every import between files of srcDir (type-only ones included), as paths relative to srcDir. */
export function importEdges(srcDir: string): Edge[] {
  const root = path.resolve(srcDir);
  const edges: Edge[] = [];
  for (const file of walk(root)) {
    const source = readFileSync(file, "utf8");
    for (const m of source.matchAll(IMPORT)) {
      const target = resolveImport(root, file, (m[1] ?? m[2]) as string);
      if (target && target !== file) edges.push({ from: path.relative(root, file), to: path.relative(root, target) });
    }
  }
  return edges;
}

const folder = (file: string, top: string): string | null => {
  const parts = file.split(path.sep);
  return parts[0] === top && parts.length > 2 ? (parts[1] as string) : null;
};

/** Imports in src/server that go to a higher floor (or touch a folder without a floor). */
export function upwardImports(edges: Edge[]): string[] {
  const out: string[] = [];
  for (const { from, to } of edges) {
    const a = folder(from, "server");
    const b = folder(to, "server");
    if (!a || !b || a === b) continue;
    const fa = SERVER_FLOORS[a];
    const fb = SERVER_FLOORS[b];
    if (fa === undefined || fb === undefined) out.push(`${from} -> ${to} (no floor for src/server/${fa === undefined ? a : b})`);
    else if (fb >= fa) out.push(`${from} -> ${to} (${a} is floor ${fa}, ${b} is floor ${fb})`);
  }
  return out;
}

const SERVICES = path.join("server", "services");
const domainOf = (file: string): string | null => {
  const parts = file.split(path.sep);
  return parts[0] === "server" && parts[1] === "services" && parts.length > 3 ? (parts[2] as string) : null;
};
const isFace = (file: string) => path.basename(file) === "index.ts" && file.split(path.sep).length === 4;

/**
 * Imports that break the service domains' rules: into a domain other than through its face (a deep
 * import), from a domain to one on its own or a higher floor, or touching a domain without a floor.
 */
export function domainImports(edges: Edge[]): string[] {
  const out: string[] = [];
  for (const { from, to } of edges) {
    const b = domainOf(to);
    if (!b) continue;
    const a = domainOf(from);
    if (a === b) continue;
    if (!isFace(to)) {
      out.push(`${from} -> ${to} (deep import: import src/server/services/${b}/index.ts)`);
      continue;
    }
    if (!a) continue;
    const fa = SERVICE_DOMAIN_FLOORS[a];
    const fb = SERVICE_DOMAIN_FLOORS[b];
    if (fa === undefined || fb === undefined) out.push(`${from} -> ${to} (no floor for services/${fa === undefined ? a : b})`);
    else if (fb >= fa) out.push(`${from} -> ${to} (${a} is domain floor ${fa}, ${b} is domain floor ${fb})`);
  }
  return out;
}

/** The services folder's shape: no loose file at its root; every domain has a floor, a face and at most DOMAIN_FILE_LIMIT files. */
export function serviceLayout(srcDir: string): string[] {
  const root = path.join(path.resolve(srcDir), SERVICES);
  if (!existsSync(root)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const rel = path.join(SERVICES, entry.name);
    if (!entry.isDirectory()) {
      out.push(`${rel} (a loose file: it belongs in a domain folder)`);
      continue;
    }
    if (SERVICE_DOMAIN_FLOORS[entry.name] === undefined) out.push(`${rel} (no floor for this domain: SERVICE_DOMAIN_FLOORS)`);
    const files = readdirSync(path.join(root, entry.name), { withFileTypes: true }).filter((f) => f.isFile());
    if (!files.some((f) => f.name === "index.ts")) out.push(`${rel} (no face: index.ts)`);
    if (files.length > DOMAIN_FILE_LIMIT)
      out.push(`${rel} (${files.length} files outside its sub-folders, over ${DOMAIN_FILE_LIMIT}: split it)`);
  }
  return out;
}

/** Imports in src/components from one feature into another (or into the shell). */
export function featureImports(edges: Edge[]): string[] {
  const out: string[] = [];
  for (const { from, to } of edges) {
    const a = folder(from, "components");
    const b = folder(to, "components");
    if (!a || !b || a === b || SHARED_COMPONENTS.includes(b)) continue;
    if (SHELL_COMPONENTS.includes(a) && !SHELL_COMPONENTS.includes(b)) continue;
    out.push(`${from} -> ${to}`);
  }
  return out;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const edges = importEdges(process.argv[2] ?? "src");
  const up = upwardImports(edges);
  const across = featureImports(edges);
  const domains = [...domainImports(edges), ...serviceLayout(process.argv[2] ?? "src")];
  for (const line of up) console.log(`upward: ${line}`);
  for (const line of domains) console.log(`domain: ${line}`);
  for (const line of across) console.log(`feature: ${line}`);
  console.log(
    `upward imports in src/server: ${up.length}; service domain rules broken: ${domains.length}; feature → feature imports in src/components: ${across.length}`,
  );
  process.exitCode = up.length + domains.length + across.length > 0 ? 1 : 0;
}
