/**
 * Complaints with a reference (docs/fair-play.md "Complaints"). A player files one about a purchase,
 * a draw, a prize, a payment or a withdrawal (optionally linking the item, which must be theirs) and
 * gets a reference (C-2026-000123) and an immediate acknowledgement with the answer's due date
 * (COMPLAINT_DUE_WORKING_DAYS working days). Each step (filed and acknowledged, note, reply, final
 * answer) is one transaction that writes the message, the audit row and the e-mail; the final
 * answer names the escalation route (COMPLAINTS_ADR_NAME, COMPLAINTS_ADR_URL). A step on an answered
 * complaint is 409: the guard is a conditional UPDATE on the status, so it cannot race the answer.
 */
import type { z } from "zod";
import type { adminComplaintOutput, complaintOutput } from "@/shared/schemas/responses";
import type { Complaint, ComplaintMessage, Prisma } from "@/generated/prisma/client";
import {
  addWorkingDays,
  type ComplaintCategoryName,
  type ComplaintMessageInput,
  complaintReference,
  type FileComplaintInput,
  parseComplaintReference,
  type AdminComplaintsQuery,
} from "@/shared/complaints";
import { mailComplaintStep } from "../../mail/complaint-mail";
import type { Db, DbTx } from "../../platform/db";
import { getEnv } from "../../platform/env";
import { conflict, notFound } from "../../platform/errors";
import { consumeOrThrow, type RateRule } from "../../security/rate-limit";
import { cursorRow, notify, pageLimit, recordAudit } from "../kernel";

/** Filing is rare: a handful a day per player stops floods without blocking a real complaint. */
export const COMPLAINT_FILE_RULE: RateRule = { limit: 5, windowMs: 24 * 3_600_000 };
export const COMPLAINT_NOTE_RULE: RateRule = { limit: 20, windowMs: 3_600_000 };
const LIST_LIMIT = 200;

export type ComplaintStep = ComplaintView["messages"][number];
export type ComplaintView = z.output<typeof complaintOutput>;
export type AdminComplaint = z.output<typeof adminComplaintOutput>;

type WithMessages = Complaint & { messages: ComplaintMessage[] };

function toView(c: WithMessages, now = new Date()): ComplaintView {
  return {
    reference: complaintReference(c.number, c.createdAt),
    category: c.category,
    itemId: c.itemId,
    subject: c.subject,
    body: c.body,
    status: c.status,
    dueAt: c.dueAt,
    answeredAt: c.answeredAt,
    createdAt: c.createdAt,
    overdue: c.status === "acknowledged" && c.dueAt.getTime() < now.getTime(),
    messages: c.messages.map((m) => ({ id: m.id, kind: m.kind, fromStaff: m.fromStaff, body: m.body, createdAt: m.createdAt })),
    escalation: c.status === "answered" ? { name: getEnv().COMPLAINTS_ADR_NAME, url: getEnv().COMPLAINTS_ADR_URL } : null,
  };
}

const withMessages = {
  messages: { orderBy: [{ createdAt: "asc" as const }, { id: "asc" as const }] },
} satisfies Prisma.ComplaintInclude;

/** The linked item must be the player's own (a contest for a draw: one they entered; a payment by id or Track ID). */
async function assertItemIsTheirs(db: DbTx, userId: string, category: ComplaintCategoryName, itemId: string): Promise<void> {
  const where = { id: itemId, userId };
  const found =
    category === "purchase"
      ? await db.ticketEntry.findFirst({ where, select: { id: true } })
      : category === "draw"
        ? await db.ticketEntry.findFirst({ where: { contestId: itemId, userId }, select: { id: true } })
        : category === "prize"
          ? await db.prize.findFirst({ where, select: { id: true } })
          : category === "payment"
            ? // The Track ID is what the player sees (payment page, My Payments, e-mails); the id works too.
              await db.payment.findFirst({ where: { userId, OR: [{ id: itemId }, { trackId: itemId }] }, select: { id: true } })
            : await db.withdrawal.findFirst({ where, select: { id: true } });
  if (!found) {
    const what = category === "draw" ? "contest you entered" : category;
    throw notFound(`No ${what} of yours has the id ${itemId}`);
  }
}

/**
 * Files and acknowledges a complaint inside `tx` (also used by a prize dispute, services/prizes/trail.ts):
 * the row, the audit entry, the acknowledgement e-mail and a notification. Returns its view.
 */
export async function fileComplaintInTx(
  tx: DbTx,
  userId: string,
  input: FileComplaintInput,
  now = new Date(),
): Promise<ComplaintView> {
  const itemId = input.itemId?.trim() || null;
  if (itemId) await assertItemIsTheirs(tx, userId, input.category, itemId);
  const row = await tx.complaint.create({
    data: {
      userId,
      category: input.category,
      itemId,
      subject: input.subject.trim(),
      body: input.body.trim(),
      dueAt: addWorkingDays(now, getEnv().COMPLAINT_DUE_WORKING_DAYS),
      createdAt: now,
    },
    include: withMessages,
  });
  const view = toView(row, now);
  await recordAudit(tx, {
    actorId: userId,
    action: "complaint.file",
    targetType: "complaint",
    targetId: view.reference,
    after: { category: row.category, itemId, subject: row.subject, dueAt: row.dueAt },
  });
  await mailComplaintStep(tx, userId, view, { kind: "acknowledged" });
  await notify(tx, userId, {
    type: "other",
    title: "Complaint Received",
    message: `Your complaint ${view.reference} is acknowledged. We will answer by ${row.dueAt.toUTCString()}.`,
  });
  return view;
}

export async function fileComplaint(db: Db, userId: string, input: FileComplaintInput): Promise<ComplaintView> {
  await consumeOrThrow(
    db,
    `complaint-file:${userId}`,
    COMPLAINT_FILE_RULE,
    (retry) =>
      `You have filed ${COMPLAINT_FILE_RULE.limit} complaints today. You can file another ${retry}, or add a note to an open one.`,
  );
  return db.$transaction((tx) => fileComplaintInTx(tx, userId, input));
}

/** The complaint row behind a reference (the player's own when `userId` is given), or 404. */
async function findByReference(db: DbTx, reference: string, userId?: string): Promise<WithMessages> {
  const parsed = parseComplaintReference(reference);
  const row = parsed
    ? await db.complaint.findFirst({ where: { number: parsed.number, ...(userId ? { userId } : {}) }, include: withMessages })
    : null;
  if (!row || !parsed || row.createdAt.getUTCFullYear() !== parsed.year) throw notFound(`Complaint ${reference} not found`);
  return row;
}

export async function listMyComplaints(db: Db, userId: string): Promise<ComplaintView[]> {
  const rows = await db.complaint.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { number: "desc" }],
    take: LIST_LIMIT,
    include: withMessages,
  });
  const now = new Date();
  return rows.map((r) => toView(r, now));
}

export async function getMyComplaint(db: Db, userId: string, reference: string): Promise<ComplaintView> {
  return toView(await findByReference(db, reference, userId));
}

/**
 * A keyset page (default 50; `cursor` = the last reference seen): the open complaints, the earliest
 * due on top (the queue; ties by number), or with `status: "all"` every complaint newest first (by
 * number, which counts up as they are filed). Both orders are read through an index (status+dueAt, number).
 */
export async function listAdminComplaints(db: Db, q: AdminComplaintsQuery = {}): Promise<AdminComplaint[]> {
  const include = { ...withMessages, user: { select: { id: true, email: true, firstName: true, lastName: true } } };
  const all = q.status === "all";
  const number = q.cursor ? (parseComplaintReference(q.cursor)?.number ?? 0) : null;
  const after = await cursorRow(number === null ? null : q.cursor, () =>
    db.complaint.findUnique({ where: { number: number ?? 0 }, select: { number: true, dueAt: true } }),
  );
  const rows = await db.complaint.findMany({
    where: all
      ? after
        ? { number: { lt: after.number } }
        : {}
      : {
          status: "acknowledged",
          ...(after && { OR: [{ dueAt: { gt: after.dueAt } }, { dueAt: after.dueAt, number: { gt: after.number } }] }),
        },
    orderBy: all ? [{ number: "desc" }] : [{ dueAt: "asc" }, { number: "asc" }],
    take: pageLimit(q),
    include,
  });
  const now = new Date();
  return rows.map((r) => ({ ...toView(r, now), user: r.user }));
}

type Step = { kind: "note" | "reply" | "final"; actorId: string; fromStaff: boolean };

/** One step on an open complaint: the guard, the message, the audit row, the e-mail; 409 once answered. */
async function addStep(db: Db, row: WithMessages, step: Step, body: string): Promise<ComplaintView> {
  const reference = complaintReference(row.number, row.createdAt);
  const ok = await db.$transaction(async (tx) => {
    const now = new Date();
    const guard = await tx.complaint.updateMany({
      where: { id: row.id, status: "acknowledged" },
      data: step.kind === "final" ? { status: "answered", answeredAt: now } : { updatedAt: now },
    });
    if (guard.count !== 1) return false;
    await tx.complaintMessage.create({
      data: { complaintId: row.id, authorId: step.actorId, fromStaff: step.fromStaff, kind: step.kind, body, createdAt: now },
    });
    await recordAudit(tx, {
      actorId: step.actorId,
      action: step.kind === "note" ? "complaint.note" : step.kind === "reply" ? "complaint.reply" : "complaint.answer",
      targetType: "complaint",
      targetId: reference,
      after: { body },
    });
    const env = getEnv();
    const subject = { reference, subject: row.subject, dueAt: row.dueAt };
    await mailComplaintStep(
      tx,
      row.userId,
      subject,
      step.kind === "final"
        ? { kind: "final", body, adr: { name: env.COMPLAINTS_ADR_NAME, url: env.COMPLAINTS_ADR_URL } }
        : { kind: step.kind, body },
    );
    if (step.fromStaff) {
      await notify(tx, row.userId, {
        type: "other",
        title: step.kind === "final" ? "Final Answer to Your Complaint" : "Reply to Your Complaint",
        message: `There is ${step.kind === "final" ? "a final answer" : "a reply"} to your complaint ${reference}.`,
      });
    }
    return true;
  });
  if (!ok) throw conflict(`Complaint ${reference} already has a final answer`);
  return toView(await db.complaint.findUniqueOrThrow({ where: { id: row.id }, include: withMessages }));
}

export async function addPlayerNote(db: Db, userId: string, input: ComplaintMessageInput): Promise<ComplaintView> {
  const row = await findByReference(db, input.reference, userId);
  await consumeOrThrow(
    db,
    `complaint-note:${userId}`,
    COMPLAINT_NOTE_RULE,
    (retry) => `You are adding notes too quickly. Please try again ${retry}.`,
  );
  return addStep(db, row, { kind: "note", actorId: userId, fromStaff: false }, input.body.trim());
}

/** An admin's step on the complaint the reference names: a reply, or the final answer. */
async function addStaffStep(db: Db, adminId: string, input: ComplaintMessageInput, kind: "reply" | "final") {
  return addStep(db, await findByReference(db, input.reference), { kind, actorId: adminId, fromStaff: true }, input.body.trim());
}

export function replyToComplaint(db: Db, adminId: string, input: ComplaintMessageInput): Promise<ComplaintView> {
  return addStaffStep(db, adminId, input, "reply");
}

export function answerComplaint(db: Db, adminId: string, input: ComplaintMessageInput): Promise<ComplaintView> {
  return addStaffStep(db, adminId, input, "final");
}

/** The escalation route the policy page and final answers name. */
export function escalationRoute(): { name: string; url: string; dueWorkingDays: number } {
  const env = getEnv();
  return { name: env.COMPLAINTS_ADR_NAME, url: env.COMPLAINTS_ADR_URL, dueWorkingDays: env.COMPLAINT_DUE_WORKING_DAYS };
}
