import pino from "pino";

/** Structured logs. Never log passwords, answers, tokens or cookies: they are redacted if passed. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  redact: {
    paths: [
      "password",
      "*.password",
      "securityAnswer",
      "*.securityAnswer",
      "token",
      "*.token",
      "cookie",
      "*.cookie",
      "authorization",
      "*.authorization",
    ],
    censor: "[redacted]",
  },
});
