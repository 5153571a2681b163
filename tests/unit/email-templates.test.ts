import { describe, expect, it } from "vitest";
import { ticketsPlaceholder } from "../../src/server/mail/outbox";
import { resetTokenPlaceholder } from "../../src/server/mail/reset-tokens";
import {
  drawResult,
  notice,
  passwordResetLink,
  purchaseReceipt,
  SLOT_PATTERN,
  slot,
  ticketRange,
  topUpRejected,
} from "../../src/server/mail/templates";

describe("email templates", () => {
  it("every message has a subject, a plain-text part and an HTML part saying the same", () => {
    const receipt = purchaseReceipt(
      "Ada",
      [
        {
          contestId: "c1",
          contestTitle: "BMW M3",
          ticketCount: 3,
          tickets: ticketRange(4, 6),
          totalAmount: "5.37",
          drawSeedHash: "ab".repeat(32),
        },
        {
          contestId: "c2",
          contestTitle: "Cash £10k",
          ticketCount: 1,
          tickets: ticketRange(9, 9),
          totalAmount: "2",
          drawSeedHash: "cd".repeat(32),
        },
      ],
      "7.37",
      "12.63",
    );
    expect(receipt.subject).toBe("Your receipt: 4 tickets in 2 contests");
    for (const part of [receipt.text, receipt.html]) {
      expect(part).toContain("#4–#6");
      expect(part).toContain("#9");
      expect(part).toContain("ab".repeat(32));
      expect(part).toContain("$7.37");
    }
    expect(receipt.html.startsWith("<!doctype html>")).toBe(true);
    expect(receipt.text).not.toContain("<");
  });

  it("escapes what players and admins typed into the HTML part", () => {
    const mail = topUpRejected("<b>Eve</b>", { amount: "10", reason: `<script>alert("x")</script>`, paymentId: "p1" });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mail.html).toContain("Hi &lt;b&gt;Eve&lt;/b&gt;,");
    expect(mail.text).toContain(`Reason: <script>alert("x")</script>`); // plain text stays as typed
  });

  it("draw results say won or not this time, with the winning ticket and an absolute record link", () => {
    const base = { contestId: "abc", contestTitle: "Ducati", winningTicket: 17, soldTickets: 40, yourTickets: ["#17"] };
    expect(drawResult("Bo", { ...base, won: true }).subject).toBe("You won Ducati!");
    const lost = drawResult("Bo", { ...base, won: false, yourTickets: ["#1–#3"] });
    expect(lost.text).toContain("Not this time: ticket #17 won.");
    expect(lost.text).toMatch(/View the draw record: https?:\/\/[^/]+\/contest\/abc/);
  });

  it("the reset mail carries the link and says it expires in 30 minutes", () => {
    const mail = passwordResetLink("Ada", "http://x.test/reset-password?token=T0K3N");
    expect(mail.text).toContain("http://x.test/reset-password?token=T0K3N");
    expect(mail.html).toContain('href="http://x.test/reset-password?token=T0K3N"');
    expect(mail.text).toContain("expires in 30 minutes");
  });

  it("what people typed can never form a placeholder; only a template's own slots stay live", () => {
    const bait = "{{reset-token:abc123}} {{tickets:0b7a1c9e-0000-4000-8000-000000000000}} {{{x}}}";
    const typed = notice(bait, `Subject ${bait}`, {
      paragraphs: [bait],
      rows: [[bait, bait]],
      button: { label: bait, path: "/" },
      small: bait,
    });
    for (const part of [typed.subject, typed.text, typed.html]) {
      expect(part).not.toMatch(SLOT_PATTERN);
      expect(part).not.toContain("{{");
    }
    expect(typed.text.replace(/\u200B/g, "")).toContain(bait); // reads as typed
    expect(typed.html).toContain("&#123;&#123;reset-token:abc123}}");

    // A slot the server marked stays live, once, where the template put it; the same text typed in a title does not.
    const tickets = ticketsPlaceholder("0b7a1c9e-0000-4000-8000-000000000000");
    const line = {
      contestId: "c",
      contestTitle: tickets,
      ticketCount: 1,
      tickets: slot(tickets),
      totalAmount: "1",
      drawSeedHash: "ab",
    };
    const receipt = purchaseReceipt(bait, [line], "1", "0");
    expect(receipt.subject.match(SLOT_PATTERN)).toEqual([tickets]);
    expect(receipt.text.match(SLOT_PATTERN)).toEqual([tickets]);
    expect(receipt.html.match(SLOT_PATTERN)).toEqual([tickets]);
    expect(`${receipt.subject}${receipt.text}${receipt.html}`).not.toMatch(/\uE000|\uE001/);
    const link = `http://x.test/reset-password?token=${slot(resetTokenPlaceholder("mine"))}`;
    const reset = passwordResetLink("{{reset-token:other}}", link);
    expect(reset.text.match(SLOT_PATTERN)).toEqual(["{{reset-token:mine}}"]);
    // A mark copied without the process's key is just text.
    expect(notice("\uE000{{reset-token:x}}\uE001", "s", { paragraphs: [] }).text).not.toMatch(SLOT_PATTERN);
    expect(() => slot("{{reset-token:x}} and more")).toThrow();
  });
});
