/**
 * The migrated PGlite databases the suites start from, made ahead when missing (a fresh clone):
 * the data dir every e2e app database is copied from (scripts/start-app.ts migratedPgliteDir) and
 * the dump every vitest file loads (tests/helpers/global-setup.ts pgliteTemplate). scripts/test-all.sh
 * runs this beside tsc, which keeps one core busy and leaves the other idle; otherwise vitest's
 * start and the e2e server's start would each wait for one (~3 s and ~7 s of migrating).
 */
import { migratedPgliteDir } from "../../scripts/start-app";
import { pgliteTemplate } from "./global-setup";

await Promise.all([migratedPgliteDir(), pgliteTemplate()]);
