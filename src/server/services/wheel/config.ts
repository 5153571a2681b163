/**
 * Fortune Wheel configuration: prices, odds and prizes. The defaults live in src/shared/wheel.ts;
 * admins override them under AppSetting "wheel".
 */
import { gateTermsChange } from "../accounts";
import { Prisma } from "@/generated/prisma/client";
import { wheelConfigSchema } from "@/shared/schemas/wheel";
import { DEFAULT_WHEEL_CONFIG, type WheelConfig, wheelEconomics } from "@/shared/wheel";
import type { Db, DbTx } from "../../platform/db";
import { moneyString } from "@/shared/money";
import { conflict } from "../../platform/errors";
import { recordAudit, fairPlaySettings } from "../kernel";

export const WHEEL_SETTING_KEY = "wheel";

export async function getWheelConfig(db: DbTx): Promise<WheelConfig> {
  const row = await db.appSetting.findUnique({ where: { key: WHEEL_SETTING_KEY } });
  if (!row) return DEFAULT_WHEEL_CONFIG;
  const parsed = wheelConfigSchema.safeParse(row.value);
  return parsed.success ? parsed.data : DEFAULT_WHEEL_CONFIG;
}

export async function setWheelConfig(db: DbTx, config: WheelConfig): Promise<WheelConfig> {
  const value = wheelConfigSchema.parse(config);
  await db.appSetting.upsert({
    where: { key: WHEEL_SETTING_KEY },
    create: { key: WHEEL_SETTING_KEY, value },
    update: { value },
  });
  return value;
}

/** Expected figures of the configuration, plus what actually happened (sums from the spins table). */
export async function getEconomics(db: DbTx) {
  const config = await getWheelConfig(db);
  const [paid, all] = await Promise.all([
    db.wheelSpin.aggregate({ where: { isPaid: true }, _count: true, _sum: { cost: true, prize: true } }),
    db.wheelSpin.aggregate({ _count: true, _sum: { cost: true, prize: true } }),
  ]);
  const zero = new Prisma.Decimal(0);
  return {
    config,
    isDefault: JSON.stringify(config) === JSON.stringify(DEFAULT_WHEEL_CONFIG),
    expected: wheelEconomics(config),
    actual: {
      spins: all._count,
      paidSpins: paid._count,
      collected: moneyString(all._sum.cost ?? zero),
      paidOut: moneyString(all._sum.prize ?? zero),
      paidOutOnPaidSpins: moneyString(paid._sum.prize ?? zero),
    },
  };
}

/** AppSetting key of the "paid spins on/off" switch (docs/fair-play.md): off = free daily spin only. */
export const WHEEL_PAID_SPINS_KEY = "wheelPaidSpins";
export const PAID_SPINS_OFF_MESSAGE = "Paid spins are turned off: only the free daily spin is available";

export async function getPaidSpinsEnabled(db: DbTx): Promise<boolean> {
  const row = await db.appSetting.findUnique({ where: { key: WHEEL_PAID_SPINS_KEY } });
  const value = row?.value as { enabled?: unknown } | null | undefined;
  return value?.enabled !== false;
}

/** Everything the admin economics screen shows: odds, prices, return to player (computed here), switches. */
export async function getWheelAdmin(db: DbTx) {
  const [economics, paidSpinsEnabled] = await Promise.all([getEconomics(db), getPaidSpinsEnabled(db)]);
  return { ...economics, paidSpinsEnabled, dailyPayoutCap: moneyString(fairPlaySettings().wheelDailyPayoutCap) };
}

/**
 * Saves odds, prices and the paid-spins switch. A configuration whose return to player is 100% or
 * more (paid spins lose money on average) is refused (409) unless `confirmRtp` is true.
 */
export async function saveWheelAdmin(
  db: Db,
  input: WheelConfig & { confirmRtp?: boolean; paidSpinsEnabled?: boolean },
  actorId: string | null = null,
  /** Four eyes: who may confirm (the role matrix's roles for wheel.setEconomics); none given, none asked. */
  confirmerRoles: readonly string[] = [],
) {
  const config = wheelConfigSchema.parse(input);
  const rtp = wheelEconomics(config).returnToPlayer;
  if (rtp >= 1 && input.confirmRtp !== true) {
    throw conflict(
      `Return to player would be ${(rtp * 100).toFixed(2)}% (100% or more: paid spins pay out more than they cost on average). Confirm to save it anyway.`,
    );
  }
  const applied = await db.$transaction(async (tx) => {
    const before = await getWheelConfig(tx);
    const paidBefore = await tx.appSetting.findUnique({ where: { key: WHEEL_PAID_SPINS_KEY } });
    let fourEyes: Record<string, string> = {};
    if (actorId && confirmerRoles.length) {
      const gate = await gateTermsChange(tx, {
        action: "wheel.setEconomics",
        subjectId: "wheel",
        actorId,
        change: { ...config, paidSpinsEnabled: input.paidSpinsEnabled },
        summary: { returnToPlayer: `${(rtp * 100).toFixed(2)}%` },
        confirmerRoles,
      });
      if (!gate.apply) return false;
      fourEyes = gate.fourEyes;
    }
    await recordAudit(tx, {
      actorId,
      action: "wheel.economics",
      targetType: "wheel",
      targetId: "wheel",
      before: { ...before, paidSpins: paidBefore?.value ?? null },
      after: { ...config, returnToPlayer: rtp, paidSpins: input.paidSpinsEnabled ?? paidBefore?.value ?? null, ...fourEyes },
    });
    await setWheelConfig(tx, config);
    if (input.paidSpinsEnabled !== undefined) {
      const value = { enabled: input.paidSpinsEnabled };
      await tx.appSetting.upsert({
        where: { key: WHEEL_PAID_SPINS_KEY },
        create: { key: WHEEL_PAID_SPINS_KEY, value },
        update: { value },
      });
    }
    return true;
  });
  return { ...(await getWheelAdmin(db)), proposed: !applied };
}
