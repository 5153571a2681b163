import pino from "pino";
import { getEnv } from "./env";

/** Paths pino replaces with "[redacted]" if a caller ever passes them (defence in depth). */
const REDACT_PATHS = [
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
  "headers.cookie",
  "headers.authorization",
  'headers["set-cookie"]',
];

/** A logger with our redaction; `destination` lets tests capture the JSON lines. */
export function createLogger(opts: { destination?: pino.DestinationStream; level?: string } = {}): pino.Logger {
  const level = opts.level ?? getEnv().LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info");
  const options: pino.LoggerOptions = { level, redact: { paths: REDACT_PATHS, censor: "[redacted]" } };
  return opts.destination ? pino(options, opts.destination) : pino(options);
}

/**
 * Structured logs (JSON lines on stdout). Never log passwords, answers, tokens, cookies or bodies:
 * they are redacted if passed. Read it at call time (`logger.info(...)`): tests may swap it.
 */
export let logger: pino.Logger = createLogger();

/** Tests: send every log line to `destination` until the returned function restores the old logger. */
export function swapLogger(next: pino.Logger): () => void {
  const previous = logger;
  logger = next;
  return () => {
    logger = previous;
  };
}
