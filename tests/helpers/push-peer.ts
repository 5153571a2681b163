/**
 * A Web Push service for tests: a node:http server that takes pushes as a real push service does
 * and checks them the way the browser's end does. Each POST must carry a VAPID header
 * (`Authorization: vapid t=<JWT>, k=<public key>`, RFC 8292) whose ES256 signature verifies with `k`,
 * whose `aud` is this server's origin, `exp` in the next 24 hours and `sub` a mailto: or https: URL;
 * its body is decrypted (aes128gcm, RFC 8188 / RFC 8291) with the subscription's private key and
 * auth secret made here. Nothing is mocked: the app's own delivery code POSTs over the network.
 * Used by tests/integration/push.test.ts and e2e/push.spec.ts.
 */
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedPush = {
  path: string;
  /** The VAPID public key the push was signed with (base64url). */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
  ttl: string | null;
  payload: { title: string; body: string; url: string; tag: string };
};

export type PeerSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

type Device = { ecdh: ReturnType<typeof createECDH>; auth: Buffer };

const b64u = (b: Buffer) => b.toString("base64url");

/** The JWT's ES256 signature, checked with the raw P-256 point `k` (65 bytes, base64url). */
function verifyVapid(header: string | undefined, origin: string): { key: string; claims: ReceivedPush["claims"] } {
  const m = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!m) throw new Error(`no VAPID authorization header: ${header}`);
  const [jwt, k] = [m[1] as string, m[2] as string];
  const [h, p, s] = jwt.split(".") as [string, string, string];
  const jose = JSON.parse(Buffer.from(h, "base64url").toString());
  if (jose.alg !== "ES256") throw new Error(`JWT alg ${jose.alg}, not ES256`);
  const point = Buffer.from(k, "base64url");
  if (point.length !== 65 || point[0] !== 4) throw new Error("k is not an uncompressed P-256 point");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) },
    format: "jwk",
  });
  const ok = verify("sha256", Buffer.from(`${h}.${p}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(s, "base64url"));
  if (!ok) throw new Error("VAPID JWT signature does not verify");
  const claims = JSON.parse(Buffer.from(p, "base64url").toString());
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== origin) throw new Error(`JWT aud ${claims.aud}, expected ${origin}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error(`JWT exp ${claims.exp} not within 24 h`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`JWT sub ${claims.sub}`);
  return { key: k, claims };
}

/** RFC 8291 key derivation and RFC 8188 decryption of a single-record aes128gcm body. */
function decrypt(body: Buffer, device: Device): string {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const uaPublic = device.ecdh.getPublicKey();
  const ecdhSecret = device.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter in the plaintext");
  return padded.subarray(0, end).toString("utf8");
}

export type PushPeer = {
  origin: string;
  received: ReceivedPush[];
  /** Requests refused (bad signature, undecryptable body): each with its reason. */
  refused: string[];
  /** Every POST, answered or not (the at-most-once count). */
  posts: number;
  /** What the next POSTs are answered with (201 by default; 410 = subscription gone). */
  answer: number;
  /** A fresh device: its subscription JSON, as `pushManager.subscribe()` gives it, at this peer. */
  device(): PeerSubscription;
  /** Resolves once `n` pushes have been received (or rejects after `ms`). */
  waitFor(n: number, ms?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
};

export async function startPushPeer(): Promise<PushPeer> {
  const devices = new Map<string, Device>();
  let waiters: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      peer.posts++;
      const device = devices.get(req.url ?? "");
      if (req.method !== "POST" || !device) {
        res.writeHead(404).end();
        return;
      }
      if (peer.answer !== 201) {
        res.writeHead(peer.answer).end("not taken");
        return;
      }
      try {
        if (req.headers["content-encoding"] !== "aes128gcm")
          throw new Error(`Content-Encoding ${req.headers["content-encoding"]}`);
        const { key, claims } = verifyVapid(req.headers.authorization, peer.origin);
        const payload = JSON.parse(decrypt(Buffer.concat(chunks), device));
        peer.received.push({ path: req.url ?? "", vapidKey: key, claims, ttl: (req.headers.ttl as string) ?? null, payload });
        res.writeHead(201).end();
      } catch (err) {
        peer.refused.push(err instanceof Error ? err.message : String(err));
        res.writeHead(400).end("refused");
      }
      for (const w of waiters) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const peer: PushPeer = {
    origin: `http://127.0.0.1:${port}`,
    received: [],
    refused: [],
    posts: 0,
    answer: 201,
    device() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(12).toString("hex")}`;
      devices.set(path, { ecdh, auth });
      return { endpoint: `${peer.origin}${path}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
    },
    waitFor(n, ms = 15_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`waited ${ms} ms for ${n} pushes, got ${peer.received.length}`)), ms);
        const check = () => {
          if (peer.received.length >= n) {
            clearTimeout(timer);
            waiters = waiters.filter((w) => w !== check);
            resolve(peer.received);
          }
        };
        waiters.push(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return peer;
}
