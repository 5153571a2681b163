import "./zod-config";
import { z } from "zod";
import { pageFields } from "./paging";
import { LIMITS } from "../constants";
import { formatCount } from "../format";

export const SUPPORT_MESSAGES = {
  empty: "Message cannot be empty",
  tooLong: `Message must be at most ${formatCount(LIMITS.supportMessageMax)} characters`,
  noUser: "No user selected",
} as const;

/** Text of a support message: trimmed, non-empty, capped (docs/product.md §5). */
export const supportTextSchema = z
  .string({ error: SUPPORT_MESSAGES.empty })
  .trim()
  .min(1, SUPPORT_MESSAGES.empty)
  .max(LIMITS.supportMessageMax, SUPPORT_MESSAGES.tooLong);

/** Player send. `isFromAdmin` is accepted for the documented payload and ignored. */
export const supportSendSchema = z.object({
  message: supportTextSchema,
  isFromAdmin: z.boolean().optional(),
});

export const conversationUserSchema = z.object({
  userId: z.string({ error: SUPPORT_MESSAGES.noUser }).trim().min(1, SUPPORT_MESSAGES.noUser).max(64),
});

export const adminReplySchema = conversationUserSchema.extend({ message: supportTextSchema });

/** The longest search the Messages tab sends (its box stops there; the server refuses longer with a 400). */
export const CONVERSATION_SEARCH_MAX = 200;
/**
 * The admin conversation list: a keyset page, optionally searched (words in the player's e-mail or
 * name or in the conversation's messages, any case: src/server/services/support/conversations.ts).
 */
export const conversationListSchema = z
  .object({
    search: z
      .string()
      .trim()
      .max(CONVERSATION_SEARCH_MAX, `search must be at most ${CONVERSATION_SEARCH_MAX} characters`)
      .optional(),
    ...pageFields,
  })
  .optional();
