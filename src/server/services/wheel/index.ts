/**
 * The Fortune Wheel (docs/wheel.md): configuration, provably fair seeds, and spins.
 *
 * Owns (each rule and the function that enforces it):
 * - one free spin a day, paid spins debited and prizes credited in the spin's transaction: `spin` (spin.ts)
 * - the outcome comes from HMAC(server seed, client seed, nonce), the seed revealed on rotation: `rotateSeed` (seeds.ts)
 * - wheel economics change only by an audited admin save, under four eyes while a second owner may confirm: `saveWheelAdmin` (config.ts)
 *
 * Outside this folder, import only this file (scripts/tools/layers.ts).
 */
export * from "./config";
export * from "./seeds";
export * from "./spin";
