/**
 * Provably fair contest draw, recomputable by anyone (browser or server, Web Crypto only):
 *   winningTicket = 1 + (uniform integer below soldTickets) drawn from
 *   HMAC-SHA256(key = seed, message = `${contestId}:${soldTickets}:${counter}`),
 * taking the first 8 bytes as a 64-bit integer and rejecting values in the biased tail
 * (rejection sampling), incrementing `counter` until one is accepted.
 */
const encoder = new TextEncoder();

function toHex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

export async function hmacSha256(key: string, message: string): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey("raw", encoder.encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, encoder.encode(message)));
}

export async function computeWinningTicket(seed: string, contestId: string, soldTickets: number): Promise<number | null> {
  if (!Number.isInteger(soldTickets) || soldTickets < 1) return null;
  const n = BigInt(soldTickets);
  const space = 1n << 64n;
  const limit = space - (space % n); // accept only values below a multiple of n: no modulo bias
  for (let counter = 0; ; counter++) {
    const mac = await hmacSha256(seed, `${contestId}:${soldTickets}:${counter}`);
    let value = 0n;
    for (let i = 0; i < 8; i++) value = (value << 8n) | BigInt(mac[i] ?? 0);
    if (value < limit) return Number(value % n) + 1;
  }
}
