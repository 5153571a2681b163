/**
 * Retention (docs/retention.md): what brings players back — referral and cashback paid as
 * spend-only credit, auto-entry ("standing orders") through the normal checkout — and never to a
 * player who asked to stop (safer-play's `incentiveBlock`).
 *
 * Owns (each rule and the function that enforces it):
 *
 * Outside this folder, import only this file (scripts/tools/layers.ts).
 */
export {};
