/**
 * Multi-account and abuse signals (docs/admin.md "Abuse signals"): accounts that share a device or
 * a withdrawal address, sign-ups in a burst from one address block, disposable e-mail domains, and
 * free entries to one contest from linked accounts. Each is recorded once per account, kind and
 * evidence key, with the accounts it links, for the "Players at risk" tab. A signal never changes a
 * balance by itself: the payout rules send a signalled account's withdrawals to review
 * (money/withdrawals/payout-rules.ts, `standing`), and a one-per-player promo counts the uses of
 * every account linked to the player (checkout/pricing.ts, `linkedAccounts`).
 */
import { createHash, randomBytes } from "node:crypto";
import { isIP } from "node:net";
import MailChecker from "mailchecker";
import type { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { ABUSE_SIGNAL_LABELS, type AbuseSignalKind, LINKING_SIGNALS } from "@/shared/abuse-signals";
import type { abuseSignalOutput } from "@/shared/schemas/responses";
import type { PageQuery } from "@/shared/schemas/paging";
import type { Db, DbTx } from "../../platform/db";
import { getEnv } from "../../platform/env";
import { cursorRow, olderThan, pageLimit, SORT_KEY } from "../kernel";

export type AbuseSignalRow = z.output<typeof abuseSignalOutput>;

/** The long-lived cookie that names a browser (random; only its hash is stored). */
export const DEVICE_COOKIE = "device";
const DEVICE_MAX_AGE_S = 2 * 365 * 86_400;
const SIGNUP_BURST_WINDOW_MS = 60 * 60_000;

/** Records (or widens) one signal: idempotent per account, kind and key. */
async function recordSignal(
  tx: DbTx,
  input: { userId: string; kind: AbuseSignalKind; key: string; linked: string[]; evidence: Prisma.InputJsonObject },
): Promise<void> {
  const linked = [...new Set(input.linked.filter((id) => id !== input.userId))].sort();
  const existing = await tx.abuseSignal.findUnique({
    where: { userId_kind_key: { userId: input.userId, kind: input.kind, key: input.key } },
  });
  if (!existing) {
    await tx.abuseSignal.createMany({
      data: [{ userId: input.userId, kind: input.kind, key: input.key, linkedUserIds: linked, evidence: input.evidence }],
      skipDuplicates: true, // a racing request recorded it first: the same signal
    });
    return;
  }
  const wider = [...new Set([...existing.linkedUserIds, ...linked])].sort();
  if (wider.length !== existing.linkedUserIds.length) {
    await tx.abuseSignal.update({ where: { id: existing.id }, data: { linkedUserIds: wider, evidence: input.evidence } });
  }
}

/** Every account that sees `others` gets the signal, naming the rest. */
async function recordGroup(
  tx: DbTx,
  kind: AbuseSignalKind,
  key: string,
  members: string[],
  evidence: Prisma.InputJsonObject,
): Promise<void> {
  const all = [...new Set(members)];
  if (all.length < 2) return;
  for (const userId of all) await recordSignal(tx, { userId, kind, key, linked: all, evidence });
}

/** The device cookie's value from a request, if it is one of ours. */
export function readDeviceId(headers: Headers): string | null {
  const cookie = headers.get("cookie") ?? "";
  for (const part of cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === DEVICE_COOKIE) {
      const value = rest.join("=");
      return /^[a-f0-9]{32}$/.test(value) ? value : null;
    }
  }
  return null;
}

export function newDeviceId(): string {
  return randomBytes(16).toString("hex");
}

export function deviceCookie(id: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${id}; HttpOnly; SameSite=Lax; Path=/; Max-Age=${DEVICE_MAX_AGE_S}${secure ? "; Secure" : ""}`;
}

/** An account signed up or in from this browser: linked to every other account seen on it. */
export async function noteDevice(db: Db, userId: string, deviceId: string): Promise<void> {
  const deviceHash = createHash("sha256").update(deviceId).digest("hex");
  await db.$transaction(async (tx) => {
    await tx.accountDevice.createMany({ data: [{ deviceHash, userId }], skipDuplicates: true });
    const seen = await tx.accountDevice.findMany({ where: { deviceHash }, select: { userId: true }, take: 50 });
    await recordGroup(
      tx,
      "shared_device",
      deviceHash.slice(0, 16),
      seen.map((s) => s.userId),
      { device: deviceHash.slice(0, 12), accounts: seen.length },
    );
  });
}

/**
 * The address block an IP belongs to: IPv4 /24, IPv6 /48. Null for anything else and for loopback
 * (the machine itself: local tools and tests, never a player's network).
 */
export function networkBlock(ip: string): string | null {
  const v = isIP(ip);
  if (v === 4 && ip.startsWith("127.")) return null;
  if (v === 6 && /^(::1|0*:(0*:)*0*1)$/.test(ip)) return null;
  if (v === 4) return `${ip.split(".").slice(0, 3).join(".")}.0/24`;
  if (v === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
    if (mapped) return networkBlock(mapped);
    const [head = "", tail = ""] = ip.toLowerCase().split("::");
    const left = head ? head.split(":") : [];
    const right = tail ? tail.split(":") : [];
    const groups = ip.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
    return `${groups
      .slice(0, 3)
      .map((g) => g.replace(/^0+(?=.)/, ""))
      .join(":")}::/48`;
  }
  return null;
}

/**
 * At sign-up: the address block is kept on the account; a disposable e-mail domain and a burst of
 * sign-ups from one block within an hour (ABUSE_SIGNUP_BURST or more) are recorded.
 */
export async function noteSignup(db: Db, user: { id: string; email: string }, ip: string | undefined, now = new Date()) {
  const block = ip ? networkBlock(ip) : null;
  await db.$transaction(async (tx) => {
    if (!MailChecker.isValid(user.email)) {
      const domain = user.email.split("@").pop() ?? "";
      await recordSignal(tx, { userId: user.id, kind: "disposable_email", key: domain, linked: [], evidence: { domain } });
    }
    if (!block) return;
    await tx.user.update({ where: { id: user.id }, data: { signupNetwork: block } });
    const burst = await tx.user.findMany({
      where: { signupNetwork: block, createdAt: { gt: new Date(now.getTime() - SIGNUP_BURST_WINDOW_MS) } },
      select: { id: true },
      orderBy: { createdAt: "desc" },
      take: 100,
    });
    if (burst.length >= getEnv().ABUSE_SIGNUP_BURST) {
      await recordGroup(
        tx,
        "signup_burst",
        block,
        burst.map((u) => u.id),
        { block, signupsInAnHour: burst.length },
      );
    }
  });
}

/** A withdrawal asked to `address`: linked to every other account that withdrew there. Inside the request's transaction. */
export async function noteWithdrawalAddress(tx: DbTx, userId: string, address: string): Promise<void> {
  const others = await tx.withdrawal.findMany({
    where: { address, userId: { not: userId } },
    distinct: ["userId"],
    select: { userId: true },
    take: 50,
  });
  if (others.length === 0) return;
  await recordGroup(tx, "shared_withdrawal_address", address, [userId, ...others.map((o) => o.userId)], {
    address,
    accounts: others.length + 1,
  });
}

/** The accounts linked to this one (same device, same withdrawal address). */
export async function linkedAccounts(tx: DbTx, userId: string): Promise<string[]> {
  const rows = await tx.abuseSignal.findMany({
    where: { userId, kind: { in: [...LINKING_SIGNALS] } },
    select: { linkedUserIds: true },
  });
  return [...new Set(rows.flatMap((r) => r.linkedUserIds))].filter((id) => id !== userId);
}

/** An online free entry: recorded when a linked account entered the same contest for free too. */
export async function noteFreeEntry(tx: DbTx, userId: string, contestId: string): Promise<void> {
  const linked = await linkedAccounts(tx, userId);
  if (linked.length === 0) return;
  const alsoEntered = await tx.onlineFreeEntry.findMany({
    where: { contestId, userId: { in: linked } },
    distinct: ["userId"],
    select: { userId: true },
  });
  if (alsoEntered.length === 0) return;
  await recordGroup(tx, "free_entry_farming", contestId, [userId, ...alsoEntered.map((e) => e.userId)], {
    contestId,
    accounts: alsoEntered.length + 1,
  });
}

/**
 * What the payout rules read as the account's standing: the labels of its signals (empty when none).
 * A shared withdrawal address is left out: the rules judge the address of each withdrawal by a rule of
 * its own (`shared_address`).
 */
export async function abuseFlagsOf(tx: DbTx, userId: string): Promise<string[]> {
  const rows = await tx.abuseSignal.findMany({
    where: { userId, kind: { not: "shared_withdrawal_address" } },
    select: { kind: true },
    distinct: ["kind"],
  });
  return rows.map((r) => ABUSE_SIGNAL_LABELS[r.kind as AbuseSignalKind] ?? r.kind);
}

/**
 * "Players at risk", second list: newest signals first (first seen: a signal seen again keeps its
 * place, so pages never shift), with the accounts' e-mails; a keyset page (default 50, `cursor` = the last id).
 */
export async function listAbuseSignals(db: DbTx, q: PageQuery = {}): Promise<AbuseSignalRow[]> {
  const after = await cursorRow(q.cursor, (id) => db.abuseSignal.findUnique({ where: { id }, select: SORT_KEY }));
  const rows = await db.abuseSignal.findMany({
    where: olderThan(after),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: pageLimit(q),
  });
  const ids = [...new Set(rows.flatMap((r) => [r.userId, ...r.linkedUserIds]))];
  const users = await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } });
  const email = new Map(users.map((u) => [u.id, u.email]));
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    email: email.get(r.userId) ?? "unknown",
    kind: r.kind,
    label: ABUSE_SIGNAL_LABELS[r.kind as AbuseSignalKind] ?? r.kind,
    key: r.key,
    linked: r.linkedUserIds.map((id) => ({ id, email: email.get(id) ?? "unknown" })),
    evidence: r.evidence as Record<string, string | number>,
    updatedAt: r.updatedAt,
  }));
}
