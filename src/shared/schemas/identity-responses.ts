/** What the identity REST rows answer (docs/payments.md "Identity"); re-exported by ./responses.ts. */
import { z } from "zod";
import { message, money, time } from "./response-primitives";

const tier = z.number().int().min(0).max(2);
const threshold = z.object({ withdrawn: z.string(), prize: z.string() });

/** The player's identity: their tier, what their history needs, and when each tier is asked. */
export const identityStatusOutput = z.object({
  verified: tier,
  required: tier,
  emailVerified: z.boolean(),
  withdrawn: money,
  largestPrize: money,
  thresholds: z.object({ tier1: threshold, tier2: threshold }),
  declared: z.object({ legalName: z.string(), city: z.string(), country: z.string(), declaredAt: time }).nullable(),
  check: z
    .object({ status: z.enum(["pending", "approved", "rejected"]), decidedAt: time.nullable(), reason: z.string().nullable() })
    .nullable(),
  explain: z.array(z.string()),
});
export const identityStatusWithMessageOutput = z.object({ message, status: identityStatusOutput });
export const identityCheckOutput = z.object({ message, status: identityStatusOutput.extend({ reference: z.string() }) });
export const pendingIdentityCheckOutput = z.object({
  userId: z.string(),
  email: z.string(),
  legalName: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  addressLine: z.string().nullable(),
  city: z.string().nullable(),
  postcode: z.string().nullable(),
  country: z.string().nullable(),
  requestedAt: time.nullable(),
});
