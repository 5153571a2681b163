/**
 * The e-mails of a complaint's steps (docs/fair-play.md "Complaints"): acknowledged at filing, each
 * note or reply, and the final answer with the escalation route. Written in the step's transaction
 * through the outbox (./outbox.ts), like every other business e-mail (./events.ts).
 */
import type { DbTx } from "../platform/db";
import { mailUser } from "./outbox";
import { notice } from "./templates";

export type ComplaintMailSubject = { reference: string; subject: string; dueAt: Date };
export type ComplaintMailEvent =
  | { kind: "acknowledged" }
  | { kind: "note"; body: string }
  | { kind: "reply"; body: string }
  | { kind: "final"; body: string; adr: { name: string; url: string } };

export async function mailComplaintStep(
  tx: DbTx,
  userId: string,
  c: ComplaintMailSubject,
  event: ComplaintMailEvent,
): Promise<void> {
  const rows: [string, string][] = [
    ["Reference", c.reference],
    ["Subject", c.subject],
  ];
  const button = { label: "Your complaints", path: `/complaints?ref=${encodeURIComponent(c.reference)}` };
  await mailUser(tx, userId, "complaint_update", (u) => {
    const name = u.displayName?.trim() || u.firstName;
    switch (event.kind) {
      case "acknowledged":
        return notice(name, `Complaint ${c.reference} received`, {
          paragraphs: [
            `We have received your complaint and acknowledge it. Its reference is ${c.reference}; please quote it whenever you write to us about it.`,
            `We will give you our final answer by ${c.dueAt.toUTCString()}.`,
          ],
          rows: [...rows, ["Answer due by", c.dueAt.toUTCString()]],
          button,
        });
      case "note":
        return notice(name, `Complaint ${c.reference}: your note was added`, {
          paragraphs: ["We have added your note to your complaint:", event.body],
          rows,
          button,
        });
      case "reply":
        return notice(name, `Complaint ${c.reference}: a reply from us`, {
          paragraphs: ["We have replied to your complaint:", event.body],
          rows,
          button,
        });
      case "final":
        return notice(name, `Complaint ${c.reference}: our final answer`, {
          paragraphs: [
            "This is our final answer to your complaint:",
            event.body,
            `If you are not satisfied with this answer, you can refer your complaint, free of charge, to ${event.adr.name}: ${event.adr.url}`,
          ],
          rows,
          button,
        });
    }
  });
}
