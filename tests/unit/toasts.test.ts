/**
 * One toasts module (src/components/common/toasts.ts, docs/architecture.md "UI kit"): it holds every
 * toast title, the spec's among them (docs/product.md §8), and nothing else in src/ shows a toast.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TOAST } from "../../src/components/common/toasts";

const root = path.resolve(import.meta.dirname, "../..");
const MODULE = "src/components/common/toasts.ts";
const VIEWPORT = "src/components/layout/Toasts.tsx";

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => path.join(dir, f));
}

describe("toasts", () => {
  it("holds the titles docs/product.md §8 names", () => {
    const titles = new Set<string>(Object.values(TOAST));
    for (const title of [
      "Login Failed",
      "Sign Up Failed",
      "Email Not Found",
      "Incorrect Answer",
      "Password Reset Failed",
      "Error",
      "Payment Creation Failed",
      "Purchase Failed",
      "Send failed",
      "Logout Failed",
      "Approval Failed",
      "Rejection Failed",
      "Update Failed",
      "Creation Failed",
      "Unauthorized",
      "Login Successful",
      "Account Created Successfully!",
      "Password Reset Successful",
      "Payment Created Successfully",
      "Purchase Successful!",
      "Tickets Added!",
      "Message sent",
      "Payment Approved",
      "Payment Rejected",
      "User Updated",
      "Contest Updated",
      "Contest Created",
      "Success",
    ]) {
      expect(titles.has(title), title).toBe(true);
    }
    expect(new Set(Object.values(TOAST)).size).toBe(Object.values(TOAST).length);
  });

  it("is the only module that shows a toast, and callers name titles from TOAST", () => {
    const offenders: string[] = [];
    for (const file of sources("src")) {
      if (file === MODULE) continue;
      const text = readFileSync(path.join(root, file), "utf8");
      if (file !== VIEWPORT && /\bnotifications\s*\.\s*(show|update)\b/.test(text)) offenders.push(`${file}: notifications.show`);
      for (const m of text.matchAll(/\b(toastSuccess|toastError|toastInfo|showToast)\(\s*["'`]/g)) {
        offenders.push(`${file}: ${m[1]} with a literal title`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
