import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { ENV_KEYS, EnvError, getEnv, parseEnv } from "../../src/server/platform/env";

describe("server/env", () => {
  it("names the bad variable in one start-up error", () => {
    expect(() => parseEnv({ PORT: "abc" })).toThrow(new EnvError("Invalid environment: PORT must be an integer from 1 to 65535"));
  });

  it("names every bad variable at once", () => {
    let message = "";
    try {
      parseEnv({ PORT: "70000", HSTS: "yes", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud", TRUST_PROXY_HOPS: "-1" });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^Invalid environment: /);
    expect(message).toContain("PORT must be an integer from 1 to 65535");
    expect(message).toContain("HSTS must be true or false");
    expect(message).toContain("DATABASE_URL must be a URL starting with postgres:// or postgresql://");
    expect(message).toContain("LOG_LEVEL must be one of");
    expect(message).toContain("TRUST_PROXY_HOPS must be an integer from 0 to 100");
  });

  it("gives the documented defaults and treats empty values as unset", () => {
    const env = parseEnv({ DATABASE_URL: "", PORT: " ", APP_URL: "https://example.com/" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PORT).toBe(3000);
    expect(env.APP_URL).toBe("https://example.com");
    expect(env.COOKIE_SECURE).toBe(true);
    expect(env.AUTO_APPROVE_PAID).toBe(false);
    expect(env.DRAW_SCHEDULER_INTERVAL_MS).toBe(30_000);
    expect(parseEnv({ DRAW_SCHEDULER_INTERVAL_MS: "0" }).DRAW_SCHEDULER_INTERVAL_MS).toBe(0);
  });

  it("covers exactly the variables of .env.example, whose values all parse", () => {
    const lines = readFileSync(".env.example", "utf8")
      .split("\n")
      .filter((l) => /^[A-Z][A-Z0-9_]*=/.test(l));
    const example = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]));
    expect(Object.keys(example).sort()).toEqual([...ENV_KEYS].sort());
    // LOG_LEVEL alone has no fixed default: info, or silent under NODE_ENV=test (server/logger.ts).
    expect({ ...parseEnv(example), LOG_LEVEL: undefined }).toEqual({ ...parseEnv({}), LOG_LEVEL: undefined });
    expect(parseEnv(example).LOG_LEVEL).toBe("info");
  });

  describe("getEnv", () => {
    const saved = process.env.RATE_LIMIT_SIGNUPS_PER_HOUR;
    afterEach(() => {
      if (saved === undefined) delete process.env.RATE_LIMIT_SIGNUPS_PER_HOUR;
      else process.env.RATE_LIMIT_SIGNUPS_PER_HOUR = saved;
    });

    it("sees a variable changed after the first read, and refuses a bad one", () => {
      process.env.RATE_LIMIT_SIGNUPS_PER_HOUR = "7";
      expect(getEnv().RATE_LIMIT_SIGNUPS_PER_HOUR).toBe(7);
      expect(getEnv()).toBe(getEnv()); // unchanged variables: the same parsed object
      process.env.RATE_LIMIT_SIGNUPS_PER_HOUR = "9";
      expect(getEnv().RATE_LIMIT_SIGNUPS_PER_HOUR).toBe(9);
      process.env.RATE_LIMIT_SIGNUPS_PER_HOUR = "many";
      expect(() => getEnv()).toThrow("RATE_LIMIT_SIGNUPS_PER_HOUR must be an integer");
    });
  });
});
