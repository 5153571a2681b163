import type { Page } from "@playwright/test";

export const ADMIN = {
  email: process.env.SEED_ADMIN_EMAIL ?? "admin@example.com",
  password: process.env.SEED_ADMIN_PASSWORD ?? "admin123",
};
export const PLAYER = {
  email: process.env.SEED_PLAYER_EMAIL ?? "player@example.com",
  password: process.env.SEED_PLAYER_PASSWORD ?? "player123",
};

/** Signs the page's browser context in through the REST login (the session cookie is shared with the page). */
export async function signInViaApi(page: Page, who: { email: string; password: string }): Promise<void> {
  const res = await page.request.post("/api/auth/login", { data: who });
  if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
}
