import { describe, expect, it } from "vitest";
import { drawResult, passwordResetLink, purchaseReceipt, ticketRange, topUpRejected } from "../../src/server/mail/templates";

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
});
