/**
 * A friend's referral link (docs/retention.md "Referral"): keeps the code in a first-party cookie for
 * REFERRAL_COOKIE_MAX_AGE_S and opens sign-up, which records the referral (src/server/api/routers/auth.ts).
 * An invalid code sets nothing and still opens sign-up.
 */
import { NextResponse } from "next/server";
import { secureFlag } from "@/server/auth/session";
import { REFERRAL_COOKIE, REFERRAL_COOKIE_MAX_AGE_S, referralCodeSchema } from "@/shared/retention";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  // A relative Location: behind a proxy the request's own URL may name an inner host.
  const res = new NextResponse(null, { status: 303, headers: { location: "/signup", "cache-control": "no-store" } });
  const parsed = referralCodeSchema.safeParse(code);
  if (parsed.success) {
    // Secure as the session cookie is (COOKIE_SECURE): behind a TLS proxy the request itself says http.
    res.headers.append(
      "set-cookie",
      `${REFERRAL_COOKIE}=${parsed.data}; HttpOnly; SameSite=Lax; Path=/; Max-Age=${REFERRAL_COOKIE_MAX_AGE_S}${secureFlag()}`,
    );
  }
  return res;
}
