/**
 * Demo data, idempotent (fixed ids, upserts): an admin and a player (SEED_* variables),
 * 16 contests across all seven categories, one ending within a day, one ended with a winner,
 * published winner posts, and 60 days of sign-ups and approved top-ups for the analytics charts. Images live in public/ (no external URLs).
 */
import { randomBytes } from "node:crypto";
import { hashSecret, normaliseAnswer } from "../../src/server/auth/password";
import { closeDatabase, getDb } from "../../src/server/platform/db";
import { getEnv } from "../../src/server/platform/env";
import { applyBalanceChange } from "../../src/server/services/kernel";
import { computeWinningTicket, sha256Hex } from "../../src/shared/draw";
import { SECURITY_QUESTIONS } from "../../src/shared/constants";
import type { ContestCategory } from "../../src/shared/constants";
import { Prisma } from "../../src/generated/prisma/client";

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const now = Date.now();

type SeedContest = {
  id: string;
  title: string;
  description: string;
  detailedDescription?: string;
  category: ContestCategory;
  image: string;
  previews?: string[];
  ticketPrice: string;
  originalPrice?: string;
  discountPercentage?: number;
  cashAlternative?: string;
  maxTickets?: number;
  maxTicketsPerUser?: number;
  endsInMs?: number;
  features?: string[];
  specifications?: Record<string, string>;
};

const img = (name: string) => `/images/contests/${name}.svg`;

export const SEED_CONTESTS: SeedContest[] = [
  {
    id: "seed-supercar",
    title: "V10 Supercar",
    description: "Win a 640 hp mid-engine supercar in Rosso red, delivered to your door.",
    detailedDescription:
      "A naturally aspirated V10, carbon-ceramic brakes and a launch control that will pin you to the seat. Delivered with a full year of insurance paid.",
    category: "cars",
    image: img("supercar-red"),
    previews: [img("supercar-red"), img("electric-blue")],
    ticketPrice: "3.99",
    originalPrice: "4.99",
    discountPercentage: 20,
    cashAlternative: "180000",
    maxTickets: 50000,
    endsInMs: 20 * DAY,
    features: ["640 hp V10", "0-100 km/h in 2.9 s", "Carbon-ceramic brakes", "One year insurance included"],
    specifications: { engine_type: "5.2 L V10", top_speed: "325 km/h", transmission: "7-speed dual clutch", model_year: "2026" },
  },
  {
    id: "seed-suv",
    title: "Luxury SUV",
    description: "A seven-seat luxury SUV with every option ticked.",
    category: "cars",
    image: img("suv-black"),
    ticketPrice: "2.49",
    cashAlternative: "95000",
    maxTickets: 30000,
    endsInMs: 12 * DAY,
    features: ["Seven seats", "Air suspension", "Panoramic roof"],
    specifications: { engine_type: "4.0 L V8 hybrid", drive: "All-wheel drive" },
  },
  {
    id: "seed-electric",
    title: "Electric Grand Tourer",
    description: "Silent, quick and beautifully built: an 800 V electric GT.",
    category: "cars",
    image: img("electric-blue"),
    ticketPrice: "2.99",
    originalPrice: "3.49",
    discountPercentage: 14,
    cashAlternative: "120000",
    endsInMs: 16 * HOUR,
    features: ["800 V fast charging", "580 km range"],
    specifications: { battery_capacity: "105 kWh", range: "580 km" },
  },
  {
    id: "seed-classic",
    title: "Classic Coupe 1967",
    description: "A fully restored 1967 coupe, matching numbers and concours ready.",
    category: "cars",
    image: img("classic-green"),
    ticketPrice: "1.99",
    cashAlternative: "65000",
    maxTickets: 12,
    endsInMs: -2 * DAY,
  },
  {
    id: "seed-villa",
    title: "Seaside Villa",
    description: "A four-bedroom villa with a pool and a view of the sea.",
    category: "houses",
    image: img("villa"),
    ticketPrice: "3.49",
    cashAlternative: "750000",
    maxTickets: 400000,
    endsInMs: 45 * DAY,
    features: ["Four bedrooms", "Infinity pool", "Sea view"],
    specifications: { floor_area: "320 m²", plot_size: "1,200 m²" },
  },
  {
    id: "seed-townhouse",
    title: "City Townhouse",
    description: "A modern three-storey townhouse in the heart of the city.",
    category: "houses",
    image: img("townhouse"),
    ticketPrice: "2.99",
    cashAlternative: "400000",
    endsInMs: 30 * DAY,
  },
  {
    id: "seed-superbike",
    title: "1000 cc Superbike",
    description: "A track-bred superbike with winglets, quickshifter and launch control.",
    category: "bikes",
    image: img("superbike"),
    ticketPrice: "1.79",
    originalPrice: "2.29",
    discountPercentage: 22,
    cashAlternative: "24000",
    maxTickets: 15000,
    endsInMs: 9 * DAY,
    features: ["214 hp", "Quickshifter", "Cornering ABS"],
    specifications: { engine_type: "999 cc inline-four", dry_weight: "193 kg" },
  },
  {
    id: "seed-cruiser",
    title: "Heritage Cruiser",
    description: "A big-twin cruiser with chrome for days and a sound to match.",
    category: "bikes",
    image: img("cruiser"),
    ticketPrice: "1.49",
    cashAlternative: "18000",
    endsInMs: 14 * DAY,
  },
  {
    id: "seed-gold-watch",
    title: "18k Gold Chronograph",
    description: "An 18-carat gold chronograph with a ceramic bezel.",
    category: "watches",
    image: img("gold-watch"),
    ticketPrice: "2.49",
    cashAlternative: "38000",
    maxTickets: 20000,
    maxTicketsPerUser: 500,
    endsInMs: 7 * DAY,
    features: ["18k yellow gold", "Automatic chronograph"],
    specifications: { case_size: "40 mm", water_resistance: "100 m" },
  },
  {
    id: "seed-diver-watch",
    title: "Professional Diver",
    description: "The classic steel diver's watch, waterproof to 300 metres.",
    category: "watches",
    image: img("diver-watch"),
    ticketPrice: "1.99",
    originalPrice: "2.49",
    discountPercentage: 20,
    cashAlternative: "11000",
    endsInMs: 5 * DAY,
  },
  {
    id: "seed-money-10k",
    title: "$10,000 Money Prize",
    description: "Ten thousand dollars paid in crypto to your wallet.",
    category: "money",
    image: img("money-10k"),
    ticketPrice: "1.49",
    maxTickets: 10000,
    endsInMs: 3 * DAY,
  },
  {
    id: "seed-money-50k",
    title: "$50,000 Money Prize",
    description: "Fifty thousand dollars to spend however you like.",
    category: "money",
    image: img("money-50k"),
    ticketPrice: "2.99",
    endsInMs: 21 * DAY,
  },
  {
    id: "seed-cash-5k",
    title: "$5,000 Instant Cash",
    description: "Five thousand in cash, paid out the day of the draw.",
    category: "cash",
    image: img("cash-5k"),
    ticketPrice: "1.49",
    originalPrice: "1.99",
    discountPercentage: 25,
    maxTickets: 6000,
    endsInMs: 2 * DAY,
  },
  {
    id: "seed-cash-25k",
    title: "$25,000 Cash",
    description: "Twenty-five thousand dollars in cash.",
    category: "cash",
    image: img("cash-25k"),
    ticketPrice: "2.49",
    endsInMs: 10 * DAY,
  },
  {
    id: "seed-tax-free-100k",
    title: "$100,000 Tax Free",
    description: "One hundred thousand dollars, tax free, all yours.",
    category: "tax_free_cash",
    image: img("tax-free-100k"),
    ticketPrice: "3.99",
    maxTickets: 100000,
    endsInMs: 60 * DAY,
  },
  {
    id: "seed-tax-free-20k",
    title: "$20,000 Tax Free",
    description: "Twenty thousand dollars tax free for the lucky winner.",
    category: "tax_free_cash",
    image: img("tax-free-20k"),
    ticketPrice: "1.99",
  },
];

const ENDED_ID = "seed-classic";

async function upsertUser(
  db: Awaited<ReturnType<typeof getDb>>,
  u: { email: string; password: string; firstName: string; lastName: string; role: "owner" | "user" },
) {
  const email = u.email.trim().toLowerCase();
  const existing = await db.user.findUnique({ where: { email } });
  // The demo accounts' addresses count as verified (docs/email.md "Verified addresses"), older seeds' too.
  if (existing && !existing.emailVerifiedAt)
    return db.user.update({ where: { id: existing.id }, data: { emailVerifiedAt: new Date() } });
  if (existing) return existing;
  return db.user.create({
    data: {
      email,
      firstName: u.firstName,
      lastName: u.lastName,
      role: u.role,
      passwordHash: await hashSecret(u.password),
      securityQuestion: SECURITY_QUESTIONS[0],
      securityAnswerHash: await hashSecret(normaliseAnswer("rex")),
      // The demo accounts have answered the spend-limit prompt (docs/fair-play.md "Safer play"): no limit for now.
      limitChoice: "declined",
      limitChoiceAt: new Date(),
      emailVerifiedAt: new Date(),
    },
  });
}

export async function seed(db: Awaited<ReturnType<typeof getDb>>): Promise<void> {
  const admin = await upsertUser(db, {
    email: getEnv().SEED_ADMIN_EMAIL,
    password: getEnv().SEED_ADMIN_PASSWORD,
    firstName: "Ada",
    lastName: "Admin",
    role: "owner",
  });
  const player = await upsertUser(db, {
    email: getEnv().SEED_PLAYER_EMAIL,
    password: getEnv().SEED_PLAYER_PASSWORD,
    firstName: "Pat",
    lastName: "Player",
    role: "user",
  });
  const olivia = await upsertUser(db, {
    email: "olivia@example.com",
    password: randomBytes(12).toString("hex"),
    firstName: "Olivia",
    lastName: "Reed",
    role: "user",
  });

  // Opening balances go through the ledger like every other balance change: cash here, and for the
  // demo player $5 of site credit below, so both balances show (docs/payments.md "Cash and credit").
  for (const [user, amount] of [
    [player, "45"],
    [olivia, "40"],
  ] as const) {
    await db.$transaction(async (tx) => {
      const done = await tx.ledgerEntry.findUnique({
        where: { kind_reference: { kind: "adjustment", reference: `seed-credit-${user.id}` } },
      });
      if (!done)
        await applyBalanceChange(tx, {
          userId: user.id,
          amount,
          kind: "adjustment",
          reference: `seed-credit-${user.id}`,
          note: "Demo opening balance",
        });
    });
  }

  for (const c of SEED_CONTESTS) {
    const exists = await db.contest.findUnique({ where: { id: c.id }, select: { id: true } });
    if (exists) continue;
    const seedHex = randomBytes(32).toString("hex");
    await db.contest.create({
      data: {
        id: c.id,
        title: c.title,
        description: c.description,
        detailedDescription: c.detailedDescription ?? null,
        imageUrl: c.image,
        previewImages: c.previews ?? [],
        category: c.category,
        ticketPrice: new Prisma.Decimal(c.ticketPrice),
        originalPrice: c.originalPrice ? new Prisma.Decimal(c.originalPrice) : null,
        discountPercentage: c.discountPercentage ?? null,
        cashAlternative: c.cashAlternative ? new Prisma.Decimal(c.cashAlternative) : null,
        maxTickets: c.maxTickets ?? null,
        maxTicketsPerUser: c.maxTicketsPerUser ?? null,
        endDate: c.endsInMs === undefined ? null : new Date(now + c.endsInMs),
        features: c.features ?? [],
        specifications: c.specifications ?? {},
        drawSeed: seedHex,
        drawSeedHash: await sha256Hex(seedHex),
        // Spread creation times so "newest first" keeps the list order stable.
        createdAt: new Date(now - SEED_CONTESTS.indexOf(c) * 60_000),
      },
    });
  }

  // The ended contest: sold out to two players, then drawn with the provably fair algorithm.
  const ended = await db.contest.findUniqueOrThrow({ where: { id: ENDED_ID } });
  if (!ended.drawnAt) {
    await db.$transaction(async (tx) => {
      let next = 1;
      for (const [user, count] of [
        [player, 4],
        [olivia, 8],
      ] as const) {
        const total = ended.ticketPrice.mul(count);
        const entry = await tx.ticketEntry.create({
          data: {
            userId: user.id,
            contestId: ended.id,
            ticketCount: count,
            firstTicket: next,
            lastTicket: next + count - 1,
            totalAmount: total,
            createdAt: new Date(now - 5 * DAY),
          },
        });
        const paid = await applyBalanceChange(tx, {
          userId: user.id,
          amount: total.neg(),
          kind: "purchase",
          reference: entry.id,
        });
        // Credit is spent first: the entry records its credit part (a refund would return it as credit).
        await tx.ticketEntry.update({ where: { id: entry.id }, data: { creditAmount: paid.credit.neg() } });
        next += count;
      }
      const sold = next - 1;
      const winningTicket = (await computeWinningTicket(ended.drawSeed, ended.id, sold)) ?? 1;
      const winnerEntry = await tx.ticketEntry.findFirstOrThrow({
        where: { contestId: ended.id, firstTicket: { lte: winningTicket }, lastTicket: { gte: winningTicket } },
      });
      await tx.contest.update({
        where: { id: ended.id },
        data: {
          status: "ended",
          soldTickets: sold,
          winningTicket,
          winnerId: winnerEntry.userId,
          salesClosedAt: new Date(now - 2 * DAY),
          drawnAt: new Date(now - 2 * DAY),
        },
      });
      await tx.ticketEntry.updateMany({ where: { contestId: ended.id }, data: { result: "lost" } });
      await tx.ticketEntry.updateMany({ where: { contestId: ended.id, userId: winnerEntry.userId }, data: { result: "won" } });
    });
  }

  const posts = [
    {
      id: "seed-post-1",
      title: "Marcus drives home a V10",
      description: "Marcus from Leeds bought five tickets on his lunch break and won the supercar of his dreams.",
      winnerName: "Marcus T.",
      winAmount: "$180,000 supercar",
      image: "/images/winners/winner-car.svg",
      days: 9,
    },
    {
      id: "seed-post-2",
      title: "Sofia's golden moment",
      description: "Sofia picked the gold chronograph draw and now wears it every single day.",
      winnerName: "Sofia L.",
      winAmount: "$38,000 watch",
      image: "/images/winners/winner-watch.svg",
      days: 20,
    },
    {
      id: "seed-post-3",
      title: "Twenty grand, tax free",
      description: "Daniel took the tax-free cash prize and paid off his student loans in one go.",
      winnerName: "Daniel K.",
      winAmount: "$20,000",
      image: "/images/winners/winner-cash.svg",
      days: 35,
    },
    {
      id: "seed-post-4",
      title: "Amira rides away",
      description: "Amira won the superbike draw with a single ticket and a lot of luck.",
      winnerName: "Amira H.",
      winAmount: "$24,000 superbike",
      image: "/images/winners/winner-bike.svg",
      days: 50,
    },
  ];
  for (const p of posts) {
    await db.winnerPost.upsert({
      where: { id: p.id },
      update: {},
      create: {
        id: p.id,
        title: p.title,
        description: p.description,
        winnerName: p.winnerName,
        winnerId: `demo-${p.id}`,
        contestId: "demo",
        contestTitle: p.winAmount,
        imageUrl: p.image,
        winAmount: p.winAmount,
        winDate: new Date(now - p.days * DAY),
        isPublished: true,
        socialMediaLinks: [],
      },
    });
  }
  // The demo player's site credit, after their demo tickets (which were paid in cash), so it shows.
  await db.$transaction(async (tx) => {
    const done = await tx.ledgerEntry.findUnique({
      where: { kind_reference: { kind: "credit_grant", reference: `seed-goodwill-${player.id}` } },
    });
    if (!done)
      await applyBalanceChange(tx, {
        userId: player.id,
        amount: "5",
        kind: "credit_grant",
        reference: `seed-goodwill-${player.id}`,
        note: "Demo welcome credit",
      });
  });
  const history = await seedHistory(db, admin.id);
  console.log(
    `Seeded: admin ${admin.email}, player ${player.email}, ${SEED_CONTESTS.length} contests, ${posts.length} winner posts, ` +
      `${HISTORY_DAYS} days of history (${history.users} players, ${history.payments} approved top-ups)`,
  );
}

/** How far back the demo history goes: the analytics charts (last 30 days) and the monthly figures have data. */
export const HISTORY_DAYS = 60;
const CRYPTOS = ["BTC", "ETH", "USDT", "BNB"] as const;
const NETWORKS = { BTC: "BTC", ETH: "ERC20", USDT: "TRC20", BNB: "BEP20" } as const;

/**
 * Sign-ups and approved top-ups on each of the last HISTORY_DAYS days, the same on every run: fixed
 * ids and a fixed pseudo-random sequence per day, and rows that exist are left alone (idempotent).
 * Every credit goes through the ledger, so `npm run check:ledger` holds on the seeded data.
 */
async function seedHistory(db: Awaited<ReturnType<typeof getDb>>, adminId: string): Promise<{ users: number; payments: number }> {
  const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  // One unusable password for every history player (random, never printed): they exist for the charts.
  let passwordHash: string | undefined;
  let answerHash: string | undefined;
  let users = 0;
  let payments = 0;
  const players: { id: string }[] = [];
  for (let day = HISTORY_DAYS; day >= 1; day--) {
    // A small linear congruential sequence per day: the same numbers on every run.
    let state = day * 7919;
    const next = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const dayStart = today - day * DAY;
    const signups = Math.floor(next() * 3); // 0–2 a day
    for (let n = 0; n < signups; n++) {
      const email = `history.player.${day}.${n}@example.com`;
      const createdAt = new Date(dayStart + Math.floor(next() * 20 * HOUR));
      let user = await db.user.findUnique({ where: { email }, select: { id: true } });
      if (!user) {
        passwordHash ??= await hashSecret(randomBytes(24).toString("hex"));
        answerHash ??= await hashSecret(randomBytes(24).toString("hex"));
        user = await db.user.create({
          data: {
            email,
            firstName: ["Liam", "Emma", "Noah", "Ava", "Mia", "Leo"][(day + n) % 6] as string,
            lastName: ["Hart", "Cole", "Reid", "Shaw", "Lane", "Fox"][(day * 3 + n) % 6] as string,
            passwordHash,
            securityQuestion: SECURITY_QUESTIONS[0],
            securityAnswerHash: answerHash,
            createdAt,
            emailVerifiedAt: createdAt,
          },
          select: { id: true },
        });
        users += 1;
      }
      players.push(user);
    }
    if (players.length === 0) continue;
    const topups = 1 + Math.floor(next() * 3); // 1–3 approved top-ups a day
    for (let n = 0; n < topups; n++) {
      const id = `seed-history-payment-${day}-${n}`;
      const payer = players[Math.floor(next() * players.length)] as { id: string };
      const amount = new Prisma.Decimal(20 + Math.floor(next() * 23) * 10);
      const crypto = CRYPTOS[Math.floor(next() * CRYPTOS.length)] as (typeof CRYPTOS)[number];
      const at = dayStart + 8 * HOUR + Math.floor(next() * 12 * HOUR);
      if (await db.payment.findUnique({ where: { id }, select: { id: true } })) continue;
      await db.$transaction(async (tx) => {
        await tx.payment.create({
          data: {
            id,
            userId: payer.id,
            amount,
            cryptoCurrency: crypto,
            provider: "sandbox",
            trackId: `seedhist${day}x${n}`,
            payLink: `/pay/seedhist${day}x${n}`,
            network: NETWORKS[crypto],
            gatewayStatus: "paid",
            status: "approved",
            receivedAmount: amount,
            creditedAmount: amount,
            processedById: adminId,
            processedAt: new Date(at + 20 * 60_000),
            createdAt: new Date(at),
          },
        });
        await applyBalanceChange(tx, {
          userId: payer.id,
          amount,
          kind: "topup",
          reference: id,
          note: "Demo history top-up",
        });
      });
      payments += 1;
    }
  }
  return { users, payments };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  seed(await getDb())
    .then(() => closeDatabase())
    .then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
}
