/**
 * Runs before every test file (vitest.config.ts setupFiles): whatever a file sets in process.env is
 * undone when it ends. `npm run test:fast` runs files one after another in shared threads, where a
 * setting left behind (a complaint deadline of 3 working days) changed what a later file saw.
 */
import { afterAll } from "vitest";

const before = { ...process.env };

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in before)) delete process.env[key];
  Object.assign(process.env, before);
});
