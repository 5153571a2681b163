/**
 * Fortune Wheel configuration: prices, odds and prizes. The defaults live in src/shared/wheel.ts;
 * admins override them under AppSetting "wheel".
 */
import { Prisma } from "@/generated/prisma/client";
import { DEFAULT_WHEEL_CONFIG, type WheelConfig, wheelConfigSchema, wheelEconomics } from "@/shared/wheel";
import type { DbTx } from "../../db";
import { amountString } from "../../money";

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
      collected: amountString(all._sum.cost ?? zero),
      paidOut: amountString(all._sum.prize ?? zero),
      paidOutOnPaidSpins: amountString(paid._sum.prize ?? zero),
    },
  };
}
