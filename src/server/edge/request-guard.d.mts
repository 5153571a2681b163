/** Types of src/server/edge/request-guard.mjs (plain JS: src/server/edge/server.mjs runs without a TypeScript loader). */
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from "node:http";

export const SERVER_OPTIONS: Required<
  Pick<ServerOptions, "headersTimeout" | "requestTimeout" | "connectionsCheckingInterval" | "keepAliveTimeout">
>;
export const ALLOWED_METHODS: string[];
export function malformedPath(url: string): boolean;
export function refuseMalformedRequest(req: IncomingMessage, res: ServerResponse, headers: Record<string, string>): boolean;
export function capConnectionsPerIp(server: Server, max: number): void;
export function connectionCapFromEnv(env: Record<string, string | undefined>, hops: number): number;
export function answerClientErrors(server: Server, headers: Record<string, string>): void;
export function guardServer(server: Server, headers: Record<string, string>, maxConnectionsPerIp: number): void;
