/**
 * Crypto top-ups (docs/payments.md), one file per flow: create.ts (invoice then row), gateway-status.ts
 * (webhooks, polls, reconciliation through the state machine), approval.ts (admin approve / reject,
 * the lists), sandbox.ts (demo mode's pay page and simulated payment).
 */
export * from "./approval";
export * from "./create";
export * from "./gateway-status";
export * from "./sandbox";
export * from "./shared";
