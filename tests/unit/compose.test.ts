/**
 * The container stack an operator runs (Dockerfile, compose.yaml; docs/deploy.md "Running the
 * stack"), checked as text where no container runtime exists: every setting of .env reaches the app
 * containers, NEXT_PUBLIC_* values are build arguments of both files, backups can be written inside
 * the image with a pg_dump as new as the stack's PostgreSQL.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { ENV_KEYS } from "../../src/server/platform/env";

const dockerfile = readFileSync("Dockerfile", "utf8");
const compose = readFileSync("compose.yaml", "utf8");
/** The Dockerfile's stages by name: the text from `FROM … AS name` to the next FROM. */
const stage = (name: string) =>
  dockerfile.split(/^FROM /m).find((s) => new RegExp(`\\bAS ${name}\\b`).test(s.split("\n")[0] ?? "")) ?? "";

test("every NEXT_PUBLIC_ variable (and BUILD_COMMIT) is a build argument of the image and of compose.yaml", () => {
  const buildTime = [...ENV_KEYS.filter((k) => k.startsWith("NEXT_PUBLIC_")), "BUILD_COMMIT"];
  expect(buildTime.length).toBeGreaterThan(1);
  const build = stage("build");
  for (const key of buildTime) {
    expect(build, `ARG ${key} in the build stage`).toMatch(new RegExp(`^ARG ${key}=`, "m"));
    expect(build, `ENV ${key} from its ARG`).toContain(`${key}=\${${key}}`);
    expect(compose, `compose.yaml passes ${key}`).toMatch(new RegExp(`^ {6}${key}: \\$\\{${key}:-\\}$`, "m"));
  }
  expect(build.indexOf("ARG NEXT_PUBLIC_")).toBeLessThan(build.indexOf("npm run build"));
});

test("every setting of .env reaches the app containers; the stack's own wiring stays in compose.yaml", () => {
  expect(compose).toMatch(/^x-app: &app\n(?: {2}.*\n)*? {2}env_file:\n {4}- path: \.env\n {6}required: false$/m);
  for (const service of ["migrate", "app1", "app2"])
    expect(compose).toMatch(new RegExp(`^ {2}${service}:\\n {4}<<: \\*app$`, "m"));
  expect(compose).toMatch(/^ {4}DATABASE_URL: postgresql:\/\/prize:\$\{POSTGRES_PASSWORD:-[^}]+\}@db:5432\/prize$/m);
  expect(compose).toContain('TRUST_PROXY_HOPS: "1"');
});

test("backups inside the image: pg_dump from the same major as the stack's PostgreSQL, a writable /app/backups kept in a volume", () => {
  const runtime = stage("runtime");
  expect(runtime).toMatch(/apt-get install -y --no-install-recommends postgresql-client/);
  expect(runtime).toMatch(/mkdir -p [^\n]*\/app\/backups && chown app:app [^\n]*\/app\/backups/);
  expect(runtime).toMatch(/^USER app$/m);
  // trixie's postgresql-client is 17: the database may not be newer.
  expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:22-trixie-slim$/m);
  expect(compose).toMatch(/^ {4}image: postgres:17-/m);
  expect(compose).toMatch(/^ {4}- backups:\/app\/backups$/m);
  expect(compose).toMatch(/^volumes:\n {2}pgdata:\n {2}backups:$/m);
});
